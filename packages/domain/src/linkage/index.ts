export * from './normalise';
export * from './tokens';
