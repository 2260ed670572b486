export * from './list';
export * from './status';
export * from './record';
