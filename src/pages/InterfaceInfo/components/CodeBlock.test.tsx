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
