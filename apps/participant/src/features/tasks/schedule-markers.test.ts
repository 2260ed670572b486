import { ApiRequestError } from '@trialpath/contract';
import { describe, expect, it } from 'vitest';
import { scheduleFailureText, scheduleMarker } from './schedule-markers';

describe('schedule fetch failure markers (D-116, D-117)', () => {
  it('no answer is the network-error marker; any other failure the bitrise-data-problem marker', () => {
    expect(scheduleMarker(new ApiRequestError(0, null, 'listMyTasks'))).toBe('network-error');
    expect(scheduleMarker(new ApiRequestError(500, null, 'listMyTasks'))).toBe('bitrise-data-problem');
    expect(scheduleMarker(new TypeError('not a schedule'))).toBe('bitrise-data-problem');
  });

  it('each marker has its own text, in the participant’s language', () => {
    expect(scheduleFailureText(new ApiRequestError(0, null, 'listMyTasks'), 'en')).toMatch(/no connection/);
    expect(scheduleFailureText(new ApiRequestError(502, null, 'listMyTasks'), 'es')).toMatch(/datos del estudio/);
  });
});
