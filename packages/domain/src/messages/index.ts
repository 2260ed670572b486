export * from './catalogue';
export * from './translate';
export * from './errors';
