export * from './status';
export * from './answers';
export { EDC_ACTIONS } from '../audit/edc-actions';
