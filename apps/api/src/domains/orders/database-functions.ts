/**
 * The database functions of the orders domain, built from its rules and installed when the app
 * starts (db/functions.ts, app.ts): the payment claim from the payment states (payment-claim.ts).
 */
import type { DatabaseFunction } from '../../db/functions.ts';
import { CLAIM_FUNCTION } from './payment-claim.ts';

export const orderDatabaseFunctions: readonly DatabaseFunction[] = [CLAIM_FUNCTION];
