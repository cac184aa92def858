import { Rng } from '@codiroom/shared';
import type { Db } from '../src/db/client.ts';

import { SEED_VERSION } from './options.ts';
import type { DisplayRef, ProductPlan, UserRef } from './plan.ts';
import { DAY, type Progress, type Row, Writer } from './writer.ts';

export class SeedState {
  readonly w: Writer;
  readonly root: Rng;
  readonly nowMs: number;
  categoryIds = new Map<string, number>();
  brandIds: number[] = [];
  users: UserRef[] = [];
  /** Demo users without the well-known account (reviews and likes come from these). */
  reviewers: UserRef[] = [];
  displays: DisplayRef[] = [];
  couponIds = new Map<string, number>();
  /** The coupon rows by key, for the copy that names their benefit. */
  couponRows = new Map<string, Row>();
  /** SPEC.md §9 slacks event: the first slacks products, priced so the 50% event coupon gives SLACKS_EVENT_PRICES. */
  slacksEventPlans = new Set<ProductPlan>();
  /** Their displays (every colourway), the event coupon's PRODUCT_DISPLAY scope. */
  slacksEventDisplayIds: number[] = [];
  styleIds: number[] = [];

  readonly db: Db;
  readonly productCount: number;
  readonly userCount: number;
  readonly now: Date;
  readonly progress: Progress;
  /** SeedOptions.indexSearch. */
  indexSearch: ((db: Db) => Promise<unknown>) | undefined;

  constructor(
    db: Db,
    productCount: number,
    userCount: number,
    now: Date,
    catalogueDate: Date,
    progress: Progress,
  ) {
    this.db = db;
    this.productCount = productCount;
    this.userCount = userCount;
    this.now = now;
    this.progress = progress;
    this.w = new Writer(db);
    this.root = new Rng(`codiroom-seed-v${SEED_VERSION}:${productCount}:${catalogueDate.toISOString()}`);
    this.nowMs = now.getTime();
  }

  brandLikePlan: number[][] = [];

  promotionIds: number[] = [];
  /** The promotions' rows (copy filled), in the order of promotionIds. */
  promotionRows: Row[] = [];
  themeIds: number[] = [];
  /** The outlet collection's best discount rate (its banner and description say it). */
  outletMaxRate = 0;
  /** The running time sale's end (its banner says it and ends with it). */
  timeSaleEnds: Date = new Date(0);

  postIds: number[] = [];

  ago(days: number): Date {
    return new Date(this.nowMs - days * DAY);
  }
}
