import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import type { RequestParam } from '@agler/contract/requestParams';
import { renderWithAntd } from '@/testing/render';
import { fieldsOf } from '../paramFields';
import { ParamsForm } from './ParamsForm';

const PARAMS: RequestParam[] = [
  { name: 'city', type: 'string', required: true, description: '城市名，如 北京、上海' },
  { name: 'unit', type: 'string', required: false, description: '温度单位：c 摄氏度（默认）或 f 华氏度' },
  { name: 'days', type: 'integer', required: false, description: '天数，1 到 7，默认 3' },
  { name: 'tone', type: 'boolean', required: false, description: '是否带声调' },
  { name: 'filter', type: 'object', required: false, description: '筛选条件' },
];
const FIELDS = fieldsOf(PARAMS);

/** The form with the text it edits shown beside it, as the panel holds them. */
function Harness({ initial }: { initial: string }) {
  const [form] = Form.useForm();
  const [text, setText] = useState(initial);
  return (
    <>
      <ParamsForm form={form} fields={FIELDS} value={text} onChange={setText} />
      <textarea aria-label="文本" value={text} onChange={(e) => setText(e.target.value)} />
    </>
  );
}

const text = () => (screen.getByLabelText('文本') as HTMLTextAreaElement).value;
const parsedText = () => JSON.parse(text());

describe('ParamsForm', () => {
  it('gives each parameter a control of its type, with its required mark, help and example', () => {
    renderWithAntd(<Harness initial="{}" />);
    const city = screen.getByRole('textbox', { name: 'city' });
    expect(city).toHaveAttribute('placeholder', '北京');
    expect(city).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('城市名，如 北京、上海')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'unit' })).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('spinbutton', { name: 'days' })).toHaveAttribute('placeholder', '3');
    expect(screen.getByRole('combobox', { name: 'tone' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'filter' })).toHaveAttribute('placeholder', '{}');
    // The documented type beside the help.
    expect(screen.getByText('integer')).toBeInTheDocument();
  });

  it('writes an edited field into the text with its type, keeping other keys exactly', async () => {
    renderWithAntd(<Harness initial={'{"extra": 12345678901234567890}'} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'city' }), { target: { value: '上海' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'days' }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'filter' }), { target: { value: '{"level": 2}' } });
    expect(parsedText()).toMatchObject({ city: '上海', days: 5, filter: { level: 2 } });
    expect(text()).toContain('"extra": 12345678901234567890');

    fireEvent.change(screen.getByRole('textbox', { name: 'city' }), { target: { value: '' } });
    expect(parsedText()).not.toHaveProperty('city');
    // Filled again, it goes back to its documented place, not to the end.
    fireEvent.change(screen.getByRole('textbox', { name: 'city' }), { target: { value: '广州' } });
    // Awaited: the form checks the edited fields meanwhile.
    await waitFor(() => expect(Object.keys(parsedText())).toEqual(['extra', 'city', 'days', 'filter']));
  });

  it('offers the values an enum description lists, the default marked, and true/false for a boolean', async () => {
    renderWithAntd(<Harness initial="{}" />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'unit' }));
    fireEvent.click(await screen.findByText('f 华氏度'));
    const preset = screen.getByText('c 摄氏度').closest('.ant-select-item-option');
    expect(within(preset as HTMLElement).getByText('默认')).toBeInTheDocument();
    expect(parsedText()).toEqual({ unit: 'f' });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'tone' }));
    fireEvent.click(await screen.findByTitle('false'));
    // Awaited: the form checks the chosen fields meanwhile.
    await waitFor(() => expect(parsedText()).toEqual({ unit: 'f', tone: false }));
  });

  it('reads a text changed elsewhere back into the fields', () => {
    renderWithAntd(<Harness initial="{}" />);
    fireEvent.change(screen.getByLabelText('文本'), { target: { value: '{"city":"广州","days":98765432109876543210,"filter":{"a":1}}' } });
    expect(screen.getByRole('textbox', { name: 'city' })).toHaveValue('广州');
    expect(screen.getByRole('spinbutton', { name: 'days' })).toHaveValue('98765432109876543210');
    expect(screen.getByRole('textbox', { name: 'filter' })).toHaveValue('{\n  "a": 1\n}');
  });

  it('says at the field what is missing or of the wrong type, and leaves the text as it was', async () => {
    renderWithAntd(<Harness initial={'{"filter":{}}'} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'filter' }), { target: { value: '[1]' } });
    expect(await screen.findByText('filter 需要是 JSON 对象')).toBeInTheDocument();
    expect(parsedText()).toEqual({ filter: {} });

    fireEvent.change(screen.getByRole('textbox', { name: 'city' }), { target: { value: '北京' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'city' }), { target: { value: '' } });
    expect(await screen.findByText('请填写 city')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
