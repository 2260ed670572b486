export * from './actions';
export * from './items';
