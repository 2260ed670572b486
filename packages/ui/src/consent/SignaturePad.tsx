import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export interface SignaturePadProps {
  /** Called with a PNG data URL after each stroke, and with null when cleared. */
  onChange: (dataUrl: string | null) => void;
  /** The drawing kept by the caller: drawn back when the pad is shown again (after Back and Next). */
  value?: string | null;
  labels: { drawArea: string; clear: string; drawn: string; notDrawn: string };
  /** Drawing height in CSS pixels (the width follows the container). */
  height?: number;
}

/** The canvas's backing resolution: the screen's pixel ratio, at most 2 (keeps the PNG small). */
function pixelRatio(): number {
  return Math.min(2, Math.max(1, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1));
}

/**
 * A handwritten signature on a plain canvas with pointer events (mouse, pen, touch): each stroke is
 * exported as a PNG data URL; Clear empties it. Drawing needs a pointer: keyboard users sign by their
 * typed name alone, which the signature step says.
 */
export function SignaturePad({ onChange, value = null, labels, height = 180 }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ id: number; x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(value !== null);
  const initial = useRef(value);

  // The backing store follows the shown size (crisp lines on high-density screens).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = pixelRatio();
    const width = canvas.clientWidth || 600;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
    ctx.fillStyle = '#111';
    const kept = initial.current;
    if (kept && typeof Image !== 'undefined') {
      const img = new Image();
      img.onload = () => ctx.drawImage(img, 0, 0, width, height);
      img.src = kept;
    }
  }, [height]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== undefined && e.button !== 0 && e.pointerType === 'mouse') return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = point(e);
    drawing.current = { id: e.pointerId, ...p };
    const ctx = e.currentTarget.getContext('2d');
    // A dot for a tap without a move.
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, 1.2, 0, Math.PI * 2);
    ctx?.fill();
  };

  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const last = drawing.current;
    if (!last || last.id !== e.pointerId) return;
    const p = point(e);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(last.x, last.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    drawing.current = { id: e.pointerId, ...p };
  };

  const end = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || drawing.current.id !== e.pointerId) return;
    drawing.current = null;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    setDrawn(true);
    onChange(e.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (canvas && ctx) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    drawing.current = null;
    setDrawn(false);
    onChange(null);
  };

  return (
    <Stack gap={6}>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={labels.drawArea}
        data-testid="signature-pad"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={end}
        onPointerCancel={end}
        style={{
          width: '100%',
          height,
          touchAction: 'none',
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#fff',
          cursor: 'crosshair',
          display: 'block',
        }}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {drawn ? labels.drawn : labels.notDrawn}
        </Text>
        <Button variant="default" size="compact-sm" onClick={clear} disabled={!drawn}>
          {labels.clear}
        </Button>
      </Group>
    </Stack>
  );
}
