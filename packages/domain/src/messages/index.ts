export * from './catalogue';
export * from './translate';
export * from './errors';
export * from './server-message';
export * from './message-ref';
export * from './validation-issues';
export * from './mail';
export * from './enrolment-catalogue';
