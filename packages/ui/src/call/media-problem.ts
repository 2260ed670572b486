/**
 * Why the camera and microphone did not start (002 §8; decision F-calls): the person or the browser refused them
 * (F-133 'Please grant access…'), or the devices are missing or held by another program (F-136, worded by
 * decision F-137). The browsers name the cause in the error's `name` (Media Capture and Streams, getUserMedia).
 */
export type MediaProblem = 'denied' | 'unavailable';

const REFUSED = new Set(['NotAllowedError', 'SecurityError', 'PermissionDeniedError']);

export function mediaProblemOf(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return REFUSED.has(name) ? 'denied' : 'unavailable';
}
