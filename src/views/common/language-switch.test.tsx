import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useT } from '../../i18n/use-t';
import { LanguageSwitch } from './language-switch';

function Typed() {
  const t = useT();
  const [value, setValue] = useState('');
  return (
    <label>
      {t('licence.welcome', { client_name: 'Diamond' })}
      <input value={value} onChange={(event) => setValue(event.target.value)} />
    </label>
  );
}

describe('the language switch (issue 31 point 1)', () => {
  it('names each language in itself and switches the texts, keeping what was typed', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageSwitch />
        <Typed />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'English' }).getAttribute('lang')).toBe('en');
    expect(screen.getByRole('option', { name: 'Español' }).getAttribute('lang')).toBe('es');
    await user.type(screen.getByRole('textbox', { name: 'Welcome to Diamond' }), 'Lucía');
    await user.selectOptions(select, 'es');
    const input = await screen.findByRole('textbox', { name: 'Te damos la bienvenida a Diamond' });
    expect(input).toHaveProperty('value', 'Lucía');
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveProperty('value', 'es');
    expect(document.documentElement.lang).toBe('es');
  });
});
