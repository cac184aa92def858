/**
 * What the users domain reads or changes of data other domains own, where those domains depend on
 * users and so may not be imported here (the dependency rule, docs/ARCHITECTURE.md "Each domain
 * owns its tables"): users declares each port, the owner implements it, and app.ts wires them per
 * context (`wireUsersPorts`), as it wires the sign-up listeners (sign-up-hooks.ts).
 *   - benefits: the point balance and whether a cart coupon is usable (member detail and status);
 *   - curations: the style quiz, curation progress and style-quiz photos (member detail, status,
 *     photos), and the curation view status (`/api/users/curation-status`);
 *   - reviews: the public reviewer profile (`/api/users/profile/:id`);
 *   - withdrawal and guest-merge steps: each owner deletes or moves its own rows, in the one
 *     transaction of the withdrawal (member-withdrawal.ts) or the merge (guest-merge.ts), in the
 *     order app.ts lists them.
 */
import type { CurationViewStatus, PHOTO_TYPES } from '@codiroom/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Conn, Tx } from '../../platform/transactions.ts';

/** The member's curations as member detail and status read them (curations domain). */
export type MemberCurationReads = {
  /** Whether the member has a style-quiz row. */
  hasStyleQuiz(db: Conn, userId: number): Promise<boolean>;
  /** The latest DONE curation (by delivery, then creation), or null. */
  latestDone(db: Conn, userId: number): Promise<{ curator_name: string | null } | null>;
  /** A DONE curation exists; a request waits, not drafted yet. */
  progress(db: Conn, userId: number): Promise<{ hasDone: boolean; waiting: boolean }>;
  /** The MY큐레이션 red dot and the AI curations left this KST month. */
  viewStatus(db: Conn, userId: number, now: Date): Promise<CurationViewStatus>;
  /** The member's style-quiz photos (private: shown through signed URLs). */
  styleQuizPhotos(db: Conn, userId: number): Promise<StyleQuizPhoto[]>;
};

export type StyleQuizPhoto = {
  id: number;
  photo_type: (typeof PHOTO_TYPES)[number];
  image_url: string;
  image_key: string | null;
  created_at: Date;
};

/** A member's public reviews (not hidden by an operator), for the public profile (reviews domain). */
export type ReviewerReads = {
  hasPublicReview(db: Conn, userId: number): Promise<boolean>;
  counts(db: Conn, userId: number): Promise<{ total: number; photo: number }>;
  /** Height and weight of the latest public review that gave either, or null. */
  publishedBody(db: Conn, userId: number): Promise<{ height: number | null; weight: number | null } | null>;
  /** The latest public reviews, newest first. */
  recent(db: Conn, userId: number, limit: number): Promise<PublicReviewRow[]>;
};

export type PublicReviewRow = {
  id: number;
  product_display_id: number;
  product_name: string;
  rating: number;
  content: string;
  size_name: string | null;
  photo_count: number;
  created_at: Date;
};

/** `reason`: what the member gave, if anything (logged with the `user_stop` event). */
export type Withdrawal = { userId: number; now: Date; reason: string | undefined };

/**
 * One owner's part of a withdrawal, run inside its transaction after users' own changes. It may
 * return what to do once the transaction committed (files of deleted rows); that runs whatever
 * the other steps' after-commit work does, and its failure is ignored.
 */
export type WithdrawalStep = {
  /** Unique, e.g. `carts.delete-cart`. */
  name: string;
  owner: string;
  run(tx: Tx, w: Withdrawal): Promise<AfterWithdrawal | undefined>;
};
export type AfterWithdrawal = (ctx: AppContext) => Promise<void>;

export type GuestMerge = { guestId: string; userId: number; now: Date };

/** What a guest → member merge moved: each step reports its own counts. */
export type MergeResult = {
  likesMoved: number;
  likesDropped: number;
  linesMoved: number;
  linesMerged: number;
};

/** One owner's part of a guest → member merge, run inside its transaction under the guest's lock. */
export type GuestMergeStep = {
  name: string;
  owner: string;
  run(tx: Tx, m: GuestMerge): Promise<Partial<MergeResult>>;
};

export type UsersPorts = {
  /** SPEC.md: the latest point ledger row's balance_after, or 0 (benefits). */
  pointBalance(db: Conn, userId: number): Promise<number>;
  /** An unused, unexpired coupon of an active cart-wide policy (benefits). */
  hasCartCoupon(db: Conn, userId: number, now: Date): Promise<boolean>;
  curations: MemberCurationReads;
  reviewers: ReviewerReads;
  /** Run in this order, after users' own changes, before the `user_stop` event is logged. */
  withdrawalSteps: readonly WithdrawalStep[];
  /** Run in this order, before the guests row records the member. */
  guestMergeSteps: readonly GuestMergeStep[];
};

const wired = new WeakMap<AppContext, UsersPorts>();

/** Wires the ports for `ctx` (app.ts, once per context); step names must be unique. */
export function wireUsersPorts(ctx: AppContext, ports: UsersPorts): void {
  for (const steps of [ports.withdrawalSteps, ports.guestMergeSteps]) {
    const names = steps.map((s) => s.name);
    if (new Set(names).size !== names.length)
      throw new Error(`users ports: a step is listed twice (${names})`);
  }
  wired.set(ctx, ports);
}

/** The ports of `ctx`; a context that did not go through app.ts has none, which is a bug. */
export function usersPorts(ctx: AppContext): UsersPorts {
  const ports = wired.get(ctx);
  if (!ports) throw new Error('users ports are not wired for this context (app.ts wireUsersPorts)');
  return ports;
}
