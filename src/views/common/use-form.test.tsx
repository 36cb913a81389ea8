import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { useForm } from './use-form';

const validate = z.object({ name: z.string().check(z.refine((v) => v !== '', 'Name is required.')) });

describe('useForm', () => {
  it('hides an error until the field is touched, dirty or a submit is attempted', () => {
    const { result } = renderHook(() => useForm({ name: '' }, validate));
    expect(result.current.isValid).toBe(false);
    expect(result.current.bind('name').error).toBeUndefined();
    act(() => result.current.bind('name').onBlur());
    expect(result.current.bind('name').error).toBe('Name is required.');
  });

  it('shows errors after a submit attempt and clears them when valid', () => {
    const { result } = renderHook(() => useForm({ name: '' }, validate));
    act(() => {
      expect(result.current.attemptSubmit()).toBe(false);
    });
    expect(result.current.visibleError('name')).toBe('Name is required.');
    act(() => result.current.set('name', 'Sam'));
    expect(result.current.isValid).toBe(true);
    expect(result.current.visibleError('name')).toBeUndefined();
  });

  it("takes a form's zod/mini schema: its first message per field, and validity", () => {
    const schema = z.object({
      code: z.string().check(
        z.refine((v) => v !== '', 'Code is required.'),
        z.refine((v) => v === '' || v.length === 2, 'Use two letters.'),
      ),
    });
    const { result } = renderHook(() => useForm({ code: '' }, schema));
    expect(result.current.errors).toEqual({ code: 'Code is required.' });
    act(() => result.current.set('code', 'ABC'));
    expect(result.current.visibleError('code')).toBe('Use two letters.');
    act(() => result.current.set('code', 'CA'));
    expect(result.current.isValid).toBe(true);
  });
});
