/**
 * The users domain as other domains use it: the address book's checkout save (배송지 목록에 저장) and
 * list, the member's contact for the checkout form,
 * the per-member row lock (member data), the SMS sender (the dev outbox) and
 * `notify`, the one way to write a member's notification (in-app row and push), the dev push sink,
 * the sign-up listeners (sign-up-hooks.ts: what another domain does when a member signs up) and the
 * keyed phone hash (a person across accounts, member-withdrawal.ts); the ports other domains
 * implement for users (ports.ts: reads of their data, withdrawal and guest-merge steps), wired in
 * app.ts.
 * Transaction types live in platform/transactions.ts.
 */
export { heldPushJob } from './jobs.ts';
export { checkAddressRoom, type SavedAddress, saveAddressOnce, savedAddresses } from './member-addresses.ts';
export { lockMember, markStyleQuizTaken, memberContact } from './member-db.ts';
export { getSizeInfo, saveSizeInfo } from './member-preferences.ts';
export { stoppedPhoneHash as phoneHash } from './member-withdrawal.ts';
export { type NotificationInput, notify, notifyOutboxHandlers } from './notify.ts';
export {
  type AfterWithdrawal,
  type GuestMerge,
  type GuestMergeStep,
  type MemberCurationReads,
  type MergeResult,
  type PublicReviewRow,
  type ReviewerReads,
  type StyleQuizPhoto,
  type UsersPorts,
  type Withdrawal,
  type WithdrawalStep,
  wireUsersPorts,
} from './ports.ts';
export { DevPushSink, pushSenderFor } from './push.ts';
export { memberForAdmin, memberPersonalData, searchMembers, signUpsByCampaign } from './reads-for-admin.ts';
export { memberEmail } from './reads-for-ads.ts';
export {
  type MemberBenefitFlags,
  memberBenefitFlags,
  notifiedKeys,
  withdrawnMembersOfPhone,
} from './reads-for-benefits.ts';
export { memberNames } from './reads-for-reviews.ts';
export { type MemberSignedUp, onMemberSignedUp, type SignUpListener } from './sign-up-hooks.ts';
export { DevOutbox, smsSenderFor } from './sms.ts';
