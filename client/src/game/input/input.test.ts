// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { classifyGesture } from './gestures';
import { isRollKey, shouldRollOnKey, targetAllowsBoardKeys } from './keyboard';

const at = (x: number, y: number, t: number) => ({ x, y, t });

describe('gestures', () => {
  it('a vertical move of 50 px within 500 ms is a swipe, up or down', () => {
    expect(classifyGesture(at(100, 300, 0), at(100, 250, 300))).toEqual({ kind: 'swipe', direction: 'up' });
    expect(classifyGesture(at(100, 300, 0), at(104, 360, 499))).toEqual({ kind: 'swipe', direction: 'down' });
  });

  it('too short, too slow or mostly sideways is no swipe', () => {
    expect(classifyGesture(at(100, 300, 0), at(100, 251, 100)).kind).toBe('none');
    expect(classifyGesture(at(100, 300, 0), at(100, 200, 600)).kind).toBe('none');
    expect(classifyGesture(at(100, 300, 0), at(200, 240, 200)).kind).toBe('none');
  });

  it('measures in CSS pixels when the canvas draws at twice the size', () => {
    expect(classifyGesture(at(0, 200, 0), at(0, 120, 200), 2).kind).toBe('none'); // 40 CSS px
    expect(classifyGesture(at(0, 200, 0), at(0, 90, 200), 2)).toEqual({ kind: 'swipe', direction: 'up' });
  });

  it('a short press without movement is a tap', () => {
    expect(classifyGesture(at(10, 10, 0), at(14, 12, 120))).toEqual({ kind: 'tap' });
    expect(classifyGesture(at(10, 10, 0), at(10, 10, 900)).kind).toBe('none');
  });
});

describe('keyboard', () => {
  it('Space and Enter roll, with no modifier and no auto-repeat', () => {
    expect(isRollKey({ key: ' ' })).toBe(true);
    expect(isRollKey({ key: 'Enter' })).toBe(true);
    expect(isRollKey({ key: 'Enter', repeat: true })).toBe(false);
    expect(isRollKey({ key: ' ', ctrlKey: true })).toBe(false);
    expect(isRollKey({ key: 'a' })).toBe(false);
  });

  it('ignores keys aimed at controls, fields and dialogs', () => {
    const button = document.createElement('button');
    const input = document.createElement('input');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inside = document.createElement('span');
    dialog.append(inside);
    expect(targetAllowsBoardKeys(document.body)).toBe(true);
    expect(targetAllowsBoardKeys(button)).toBe(false);
    expect(targetAllowsBoardKeys(input)).toBe(false);
    expect(targetAllowsBoardKeys(inside)).toBe(false);
    expect(shouldRollOnKey({ key: ' ', target: document.body })).toBe(true);
    expect(shouldRollOnKey({ key: ' ', target: button })).toBe(false);
  });
});
