// Apart from ParamsForm.test.tsx: jest.mock's hoisting cannot read that file's type annotations.
import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { renderWithAntd } from '@/testing/render';
import { fieldsOf } from '../paramFields';
import { ParamsForm } from './ParamsForm';

jest.mock('@/components/Markdown/load', () => ({ loadRenderer: async () => jest.requireActual('@/components/Markdown/render') }));

const FIELDS = fieldsOf([
  { name: 'email', type: 'string', required: false, description: 'The *customer’s* email, at most `512` characters.\n\n<p>See <em>below</em>.</p>' },
]);

function OneField() {
  const [form] = Form.useForm();
  return <ParamsForm form={form} fields={FIELDS} value="{}" onChange={() => undefined} />;
}

it('shows a description written in Markdown and HTML as formatting, as the field’s help', async () => {
  renderWithAntd(<OneField />);
  expect((await screen.findByText('customer’s')).tagName).toBe('EM');
  expect(screen.getByText('512').tagName).toBe('CODE');
  expect(screen.getByText('below').tagName).toBe('EM');
  expect(screen.getByRole('textbox', { name: 'email' })).toHaveAccessibleDescription(/The customer’s email, at most 512 characters\.\s*See below/);
  expect(document.body).not.toHaveTextContent('<p>');
});
