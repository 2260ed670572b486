/**
 * The small part of the FHIR R4 resource shapes this mapping writes and reads.
 */
export interface FhirExtension {
  url: string;
  valueString?: string;
  valueCode?: string;
  valueDecimal?: number;
  valueBoolean?: boolean;
}
export interface FhirCoding {
  system?: string;
  code?: string;
  display?: string;
  extension?: FhirExtension[];
}
export interface FhirEnableWhen {
  question: string;
  operator: 'exists' | '=' | '!=' | '>' | '<' | '>=' | '<=';
  answerCoding?: FhirCoding;
  answerDecimal?: number;
  answerString?: string;
}
export interface QuestionnaireItem {
  linkId: string;
  text?: string;
  type: string;
  required?: boolean;
  repeats?: boolean;
  maxLength?: number;
  answerOption?: { valueCoding: FhirCoding; extension?: FhirExtension[] }[];
  enableWhen?: FhirEnableWhen[];
  enableBehavior?: 'all' | 'any';
  extension?: FhirExtension[];
  item?: QuestionnaireItem[];
}
export interface Questionnaire {
  resourceType: 'Questionnaire';
  id?: string;
  identifier?: { system?: string; value?: string }[];
  version?: string;
  title?: string;
  description?: string;
  status: 'draft' | 'active' | 'retired' | 'unknown';
  language?: string;
  extension?: FhirExtension[];
  item?: QuestionnaireItem[];
}
export interface QuestionnaireResponseAnswer {
  valueCoding?: FhirCoding;
  valueString?: string;
  valueInteger?: number;
  valueDecimal?: number;
  valueBoolean?: boolean;
  valueDate?: string;
  valueTime?: string;
  valueDateTime?: string;
}
export interface QuestionnaireResponseItem {
  linkId: string;
  text?: string;
  answer?: QuestionnaireResponseAnswer[];
  item?: QuestionnaireResponseItem[];
  extension?: FhirExtension[];
}
export interface QuestionnaireResponse {
  resourceType: 'QuestionnaireResponse';
  id?: string;
  questionnaire?: string;
  status: 'in-progress' | 'completed' | 'amended' | 'entered-in-error' | 'stopped';
  authored?: string;
  subject?: { identifier: { value: string } };
  extension?: FhirExtension[];
  item?: QuestionnaireResponseItem[];
}

export const FHIR_EXT = 'https://trialpath.dev/fhir/StructureDefinition/';
export const EXT = {
  activity: `${FHIR_EXT}activity-definition`,
  question: `${FHIR_EXT}question-definition`,
  questionType: `${FHIR_EXT}question-type`,
  submission: `${FHIR_EXT}submission`,
  entry: `${FHIR_EXT}answer-entry`,
  /** The entry's answerText and optionId as sent, when the typed answers do not give them back exactly. */
  answerText: `${FHIR_EXT}answer-text`,
  /** Entries that are no item of the Questionnaire (unknown or repeated questions), with their places. */
  otherEntries: `${FHIR_EXT}other-entries`,
  ordinalValue: 'http://hl7.org/fhir/StructureDefinition/ordinalValue',
} as const;
export const OPTION_SYSTEM = 'https://trialpath.dev/fhir/CodeSystem/option';

export const ext = (list: FhirExtension[] | undefined, url: string) => list?.find((e) => e.url === url);
