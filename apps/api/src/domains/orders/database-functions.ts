/**
 * The database functions of the orders domain, built from its rules and installed when the app
 * starts (db/functions.ts, app.ts): the pricing read from the catalogue's time-sale rule
 * (price-rows.ts) and the payment claim from the payment states (payment-claim.ts).
 */
import type { DatabaseFunction } from '../../db/functions.ts';
import { CLAIM_FUNCTION } from './payment-claim.ts';
import { ORDER_PRICE_ROWS } from './price-rows.ts';

export const orderDatabaseFunctions: readonly DatabaseFunction[] = [ORDER_PRICE_ROWS, CLAIM_FUNCTION];
