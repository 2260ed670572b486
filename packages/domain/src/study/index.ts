export * from './localized';
export * from './keyed';
export * from './content-fields';
export * from './content-app';
export * from './content-web';
export * from './content';
export * from './content-audit';
export * from './lifecycle';
