export * from './catalogue';
export * from './translate';
export * from './errors';
export * from './server-message';
