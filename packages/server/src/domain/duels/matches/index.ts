export * from './rules.ts';
export * from './stalls.ts';
