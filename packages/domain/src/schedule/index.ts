export * from './model';
export * from './engine';
export * from './reconcile';
export * from './report';
export { epochDay } from './calendar';
export * from './forms';
