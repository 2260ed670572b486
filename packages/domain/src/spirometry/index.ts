export * from './settings';
export * from './grade';
