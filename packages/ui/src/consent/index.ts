export { ConsentFlow, type ConsentFlowProps, type ConsentSignResult } from './ConsentFlow';
export { type ConsentLabelKey, type ConsentLabels, consentLabels, fillLabel } from './labels';
export { SignaturePad, type SignaturePadProps } from './SignaturePad';
export {
  type ConsentStep,
  consentSteps,
  hasText,
  missingDisclaimers,
  signatureProblems,
  studyTextIn,
  unansweredOptional,
} from './steps';
