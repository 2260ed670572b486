import { describe, expect, it } from 'vitest';
import { mediaProblemOf } from './media-problem';

describe('why the camera and microphone did not start (F-133, F-136)', () => {
  it('a refusal by the person or the browser is "denied"', () => {
    for (const name of ['NotAllowedError', 'SecurityError', 'PermissionDeniedError'])
      expect(mediaProblemOf(new DOMException('no', name))).toBe('denied');
  });
  it('a missing device, one held by another program, or anything else is "unavailable"', () => {
    for (const name of ['NotFoundError', 'NotReadableError', 'OverconstrainedError', 'AbortError', 'TypeError'])
      expect(mediaProblemOf(new DOMException('no', name))).toBe('unavailable');
    expect(mediaProblemOf('strange')).toBe('unavailable');
  });
});
