export * from './constants.ts';
export * from './price.ts';
export * from './time.ts';
