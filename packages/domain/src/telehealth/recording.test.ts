import { describe, expect, it } from 'vitest';
import { translate } from '../messages/translate';
import '../messages/telehealth-catalogue';
import {
  isConsentOverdue,
  RECORDING_CONSENT_WAIT_MS,
  RECORDING_RESOLUTION,
  RECORDING_SIGNALS,
  recordButtonState,
  countryTelehealthFeatures,
  recordingAllowed,
  recordingGrid,
  recordingRefusal,
} from './recording';

describe('the recording button (002 §4, F-071 … F-073)', () => {
  it('is hidden until the options are known, then Rec or not allowed; Pending while asked; the timer while recording', () => {
    expect(recordButtonState(null, null)).toBe('hidden');
    expect(recordButtonState(false, null)).toBe('not-allowed');
    expect(recordButtonState(true, null)).toBe('rec');
    expect(recordButtonState(true, { state: 'PENDING' })).toBe('pending');
    expect(recordButtonState(true, { state: 'REQUESTED' })).toBe('pending');
    expect(recordButtonState(true, { state: 'RECORDING' })).toBe('timer');
    for (const ended of ['STOPPED', 'DENIED', 'TIMED_OUT', 'CANCELLED'] as const)
      expect(recordButtonState(true, { state: ended })).toBe('rec');
  });
});

describe('the protocol (F-077, F-079 … F-087)', () => {
  it('has the seven signals of 002 §4', () => {
    expect(RECORDING_SIGNALS).toEqual([
      'recording_requested',
      'recording_accepted',
      'recording_denied',
      'recording_start',
      'recording_stop_requested',
      'recording_stopped',
      'recording_timeout',
    ]);
  });

  it('gives the participant five minutes (300000 ms) to answer', () => {
    expect(RECORDING_CONSENT_WAIT_MS).toBe(300_000);
    const asked = new Date('2026-12-03T10:00:00Z');
    expect(isConsentOverdue(asked, new Date(asked.getTime() + 299_999))).toBe(false);
    expect(isConsentOverdue(asked, new Date(asked.getTime() + 300_000))).toBe(true);
    expect(isConsentOverdue(null, new Date())).toBe(false);
  });

  it('refuses a second recording: its holder is told it is already recorded, anyone else who holds it', () => {
    expect(recordingRefusal(null, 'u1')).toBeNull();
    const open = { createdBy: 'u1', holderName: 'Carlos Coordinator' };
    const mine = recordingRefusal(open, 'u1')!;
    expect(translate(mine.key, undefined, 'en')).toBe('This session is already being recorded.');
    const theirs = recordingRefusal(open, 'u2')!;
    expect(theirs.key === 'telehealth.recordingInControl' && translate(theirs.key, { name: theirs.name }, 'en')).toBe(
      'This session recording is in control of Carlos Coordinator.',
    );
  });
});

describe('composition and what is allowed (F-036, F-117)', () => {
  it('lays the tiles out: 1 full; 2 halves; 3 to 4 quarters; 5 to 9 thirds, at 1280×720', () => {
    expect(RECORDING_RESOLUTION).toEqual({ width: 1280, height: 720 });
    expect(recordingGrid(1)).toEqual({ columns: 1, rows: 1 });
    expect(recordingGrid(2)).toEqual({ columns: 2, rows: 1 });
    expect(recordingGrid(3)).toEqual({ columns: 2, rows: 2 });
    expect(recordingGrid(4)).toEqual({ columns: 2, rows: 2 });
    for (const n of [5, 6, 7, 8, 9]) expect(recordingGrid(n)).toEqual({ columns: 3, rows: 3 });
  });

  it('records where the study allows it, unless switched off for the participant’s country', () => {
    expect(recordingAllowed(null, 'US')).toBe(false);
    expect(recordingAllowed({ telehealth: true }, 'US')).toBe(false);
    expect(recordingAllowed({ telehealthRecording: true }, 'US')).toBe(true);
    expect(recordingAllowed({ telehealthRecording: true, 'telehealthRecording:ES': false }, 'ES')).toBe(false);
    expect(recordingAllowed({ telehealthRecording: true, 'telehealthRecording:ES': false }, 'US')).toBe(true);
    expect(recordingAllowed({ telehealthRecording: true }, null)).toBe(true);
  });

  it('tells the country features of 002 §3 (F-112): the study’s recording, and a visit’s in the country', () => {
    const features = { telehealthRecording: true, 'telehealthRecording:ES': false };
    expect(countryTelehealthFeatures(features, 'ES')).toEqual({
      countryId: 'ES',
      studyTelehealthRecordingEnabled: true,
      visitTelehealthRecordingEnabled: false,
    });
    expect(countryTelehealthFeatures(features, 'US')).toMatchObject({ visitTelehealthRecordingEnabled: true });
    expect(countryTelehealthFeatures(null, null)).toEqual({
      countryId: null,
      studyTelehealthRecordingEnabled: false,
      visitTelehealthRecordingEnabled: false,
    });
  });

  it('says the spec’s recording messages in English and Spanish', () => {
    const keys = {
      'telehealth.recordingRequestSent': 'Recording request sent',
      'telehealth.recordingStarted': 'Recording started',
      'telehealth.recordingEnded': 'Recording ended',
      'telehealth.recordingDenied': 'Recording request denied',
      'telehealth.recordingWhenJoins': 'A recording request will be sent when the participant joins the call.',
      'telehealth.recordingNotAllowed': 'Recording not allowed',
    } as const;
    for (const [key, en] of Object.entries(keys) as [keyof typeof keys, string][]) {
      expect(translate(key, undefined, 'en')).toBe(en);
      expect(translate(key, undefined, 'es')).not.toBe(en);
    }
  });
});
