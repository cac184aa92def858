/** The ads domain as other domains use it: conversion events and the ad unit price. */
export {
  type AdConversionEvent,
  type AdRequestInfo,
  addToCartEvent,
  addToWishlistEvent,
  adLogOf,
  adRequestInfo,
  adSenderFor,
  completeRegistrationEvent,
  fireAdEvents,
  fireRequestAdEvents,
  hashEmail,
  type MemberEmailReader,
  memberEmailHash,
  pageViewEvent,
  purchaseEvent,
  type RegistrationMethod,
  submitApplicationEvent,
  useAdLog,
  useMemberEmails,
  viewContentEvent,
} from './conversion.ts';
export { adUnitPrice } from './price.ts';
export { AD_EVENT_ID_HEADER, adEventIdOf } from './request-info.ts';
