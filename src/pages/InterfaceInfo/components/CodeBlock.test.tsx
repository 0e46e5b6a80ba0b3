import { fireEvent, screen } from '@testing-library/react';
import copy from 'copy-to-clipboard';
import { renderWithAntd } from '@/testing/render';
import { CodeBlock } from './CodeBlock';

// The clipboard library antd's copy button uses; jsdom has no clipboard.
jest.mock('copy-to-clipboard', () => jest.fn(() => true));

const CODE = "curl -X POST 'http://localhost:8000/api/interfaceInfo/invoke'";

describe('CodeBlock', () => {
  it('shows the code as text and copies it whole, confirming in place', async () => {
    renderWithAntd(<CodeBlock code={CODE} label="cURL 示例" title="cURL" />);
    expect(screen.getByLabelText('cURL 示例')).toHaveTextContent(CODE);
    fireEvent.click(screen.getByRole('button', { name: '复制cURL 示例' }));
    expect(copy).toHaveBeenCalledWith(CODE, expect.anything());
    expect(await screen.findByRole('button', { name: '已复制' })).toHaveTextContent('已复制');
  });
});

describe('CodeBlock highlighting', () => {
  it('colours keys, strings, numbers and literals, keeping the text whole', () => {
    const json = '{\n  "id": 12345678901234567890,\n  "name": "北京",\n  "ok": true\n}';
    renderWithAntd(<CodeBlock code={json} label="返回内容" highlight />);
    const block = screen.getByLabelText('返回内容');
    expect(block.textContent).toBe(json);
    const kinds = [...block.querySelectorAll('[data-token]')].map((span) => [span.getAttribute('data-token'), span.textContent]);
    expect(kinds).toEqual([
      ['key', '"id"'],
      ['number', '12345678901234567890'],
      ['key', '"name"'],
      ['string', '"北京"'],
      ['key', '"ok"'],
      ['literal', 'true'],
    ]);
  });

  it('shows plain text when not asked to highlight', () => {
    renderWithAntd(<CodeBlock code='{"a":1}' label="原文" />);
    expect(screen.getByLabelText('原文').querySelector('[data-token]')).toBeNull();
  });
});
