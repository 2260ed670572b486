export { ActivityRunner, type ActivityRunnerProps } from './ActivityRunner';
export { choiceAnswer } from './choice';
export { type QuestionLabelKey, type QuestionLabels, questionLabels } from './labels';
export { flowPages } from './pages';
export { QuestionField, type QuestionFieldProps } from './QuestionField';
export { RunnerSummary, type RunnerSummaryProps } from './RunnerSummary';
export { type ActivityRunOptions, type RunnerAnswers, useActivityRun } from './use-activity-run';
