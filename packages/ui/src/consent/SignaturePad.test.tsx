import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test-utils';
import { SignaturePad } from './SignaturePad';

const LABELS = {
  drawArea: 'Signature drawing area',
  clear: 'Clear',
  drawn: 'Signature drawn.',
  notDrawn: 'Nothing drawn yet.',
};
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** A 2D context that records the strokes (the test DOM draws nothing). */
function fakeContext() {
  return {
    scale: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    save: vi.fn(),
    restore: vi.fn(),
    setTransform: vi.fn(),
    clearRect: vi.fn(),
    drawImage: vi.fn(),
  };
}

let ctx: ReturnType<typeof fakeContext>;
beforeEach(() => {
  ctx = fakeContext();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SignaturePad', () => {
  it('draws a stroke with the pointer and hands over a PNG data URL when the stroke ends', () => {
    const onChange = vi.fn();
    renderWithMantine(<SignaturePad onChange={onChange} labels={LABELS} />);
    const pad = screen.getByRole('img', { name: 'Signature drawing area' });
    expect(screen.getByText('Nothing drawn yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 40, clientY: 20 });
    expect(ctx.lineTo).toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(pad, { pointerId: 1, clientX: 40, clientY: 20 });
    expect(onChange).toHaveBeenCalledWith(PNG);
    expect(screen.getByText('Signature drawn.')).toBeTruthy();
  });

  it('a move without a pressed pointer draws nothing', () => {
    const onChange = vi.fn();
    renderWithMantine(<SignaturePad onChange={onChange} labels={LABELS} />);
    const pad = screen.getByRole('img', { name: 'Signature drawing area' });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 40, clientY: 20 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    expect(ctx.lineTo).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Clear empties the canvas and hands over null', () => {
    const onChange = vi.fn();
    renderWithMantine(<SignaturePad onChange={onChange} labels={LABELS} />);
    const pad = screen.getByRole('img', { name: 'Signature drawing area' });
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(ctx.clearRect).toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Nothing drawn yet.')).toBeTruthy();
  });
});
