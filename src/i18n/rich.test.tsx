import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rich } from './rich';

describe('rich', () => {
  it('wraps each numbered part in its element, wherever the language puts it', () => {
    const { container } = render(
      <p>{rich('Busca <0>Diamond</0> y descarga <1>la app</1>.', [<strong key="a" />, <em key="b" />])}</p>,
    );
    expect(container.innerHTML).toBe('<p>Busca <strong>Diamond</strong> y descarga <em>la app</em>.</p>');
  });

  it('leaves a text without parts as it is', () => {
    const { container } = render(<p>{rich('Log in', [])}</p>);
    expect(container.innerHTML).toBe('<p>Log in</p>');
  });
});
