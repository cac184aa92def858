/** The ads domain as other domains use it: conversion events and the ad unit price. */
export {
  addToCartEvent,
  addToWishlistEvent,
  adRequestInfo,
  adSenderFor,
  fireAdEvents,
  hashEmail,
} from './conversion.ts';
export { adUnitPrice } from './price.ts';
