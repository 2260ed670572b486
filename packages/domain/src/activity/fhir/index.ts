export * from './types';
export * from './questionnaire';
export * from './response';
export * from './conformance';
export * from './import';
