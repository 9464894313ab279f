export * from './outbox.ts';
export * from './relay.ts';
export * from './consumer.ts';
export * from './declared-consumer.ts';
export * from './publish.ts';
