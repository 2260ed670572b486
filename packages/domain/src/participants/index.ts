export * from './list';
export * from './status';
