export * from './types';
export * from './questionnaire';
export * from './response';
