/**
 * What the benefits domain reads of data owned by domains that depend on it (orders, curations,
 * reviews: benefits may not import them, platform/port.ts). Each owner implements its part over its
 * own tables; src/ports.ts plugs them in. Every read runs on the caller's connection, so inside a
 * transaction it sees the transaction's writes.
 */
import { definePort } from '../../platform/port.ts';
import type { Conn } from '../../platform/transactions.ts';

/** The orders facts of the first-purchase rule and the point history (orders domain). */
export type OrderFacts = {
  /** Whether the member has an order that was paid (the first-purchase coupon is for before it). */
  hasPaidOrder(db: Conn, userId: number): Promise<boolean>;
  /** Of `orderIds`, the orders never paid, each with whether it still waits for its payment (PENDING). */
  unpaidOrders(db: Conn, orderIds: readonly number[]): Promise<Map<number, boolean>>;
};

/** The member's MY큐레이션 facts the missions and the style-quiz coupons read (curations domain). */
export type CurationFacts = {
  /** Whether the member saved a style quiz. */
  tookStyleQuiz(db: Conn, userId: number): Promise<boolean>;
  /** Whether they saved a style quiz and a personal colour answer, and the daily quizzes they answered (dates, oldest first). */
  missionFacts(
    db: Conn,
    userId: number,
  ): Promise<{ styleQuiz: boolean; personalColor: boolean; dailyQuizDates: string[] }>;
};

/** The member's review counts the review missions read (reviews domain). */
export type ReviewFacts = {
  /** The member's reviews, and those with photos, that count: an operator's hidden ones do not. */
  reviewCounts(db: Conn, userId: number): Promise<{ reviews: number; photoReviews: number }>;
};

export type BenefitsPorts = { orders: OrderFacts; curations: CurationFacts; reviews: ReviewFacts };

export const benefitsPorts = definePort<BenefitsPorts>('benefits');

/** Plugs in the implementations (src/ports.ts). */
export const provideBenefitsPorts = (ports: BenefitsPorts): void => benefitsPorts.provide(ports);
