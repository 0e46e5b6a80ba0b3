import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { JsonEditor } from '.';
import { renderWithAntd } from '@/testing/render';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <JsonEditor aria-label="参数" value={value} onChange={setValue} />;
}

describe('JsonEditor', () => {
  it('formats valid JSON when the format button is pressed', () => {
    renderWithAntd(<Harness initial='{"city":"北京"}' />);
    fireEvent.click(screen.getByRole('button', { name: /格式化/ }));
    expect(screen.getByLabelText('参数')).toHaveValue('{\n  "city": "北京"\n}');
  });

  it('offers no formatting for invalid JSON', () => {
    renderWithAntd(<Harness initial="{city:}" />);
    expect(screen.getByRole('button', { name: /格式化/ })).toBeDisabled();
  });

  it('formats with Ctrl+Shift+F', () => {
    renderWithAntd(<Harness initial="[1,2]" />);
    fireEvent.keyDown(screen.getByLabelText('参数'), { key: 'F', shiftKey: true, ctrlKey: true });
    expect(screen.getByLabelText('参数')).toHaveValue('[\n  1,\n  2\n]');
  });

  it('passes typed text to onChange', () => {
    renderWithAntd(<Harness initial="" />);
    fireEvent.change(screen.getByLabelText('参数'), { target: { value: '{"a":1}' } });
    expect(screen.getByLabelText('参数')).toHaveValue('{"a":1}');
    expect(screen.getByRole('button', { name: /格式化/ })).toBeEnabled();
  });
});
