/**
 * What the curations domain reads of data owned by a domain that depends on it (orders, through
 * carts: curations may not import it, platform/port.ts). The owner implements it over its own
 * tables; src/ports.ts plugs it in.
 */
import { definePort } from '../../platform/port.ts';
import type { Conn } from '../../platform/transactions.ts';

export type CurationPorts = {
  /** The displays the member bought and kept (items in a KEPT_ITEM_STATUSES status), each once (orders). */
  keptDisplayIds(db: Conn, userId: number): Promise<number[]>;
};

export const curationPorts = definePort<CurationPorts>('curations');

/** Plugs in the implementation (src/ports.ts). */
export const provideCurationPorts = (ports: CurationPorts): void => curationPorts.provide(ports);
