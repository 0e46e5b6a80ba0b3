import { fireEvent, screen } from '@testing-library/react';
import { startLanguage } from '@/locales';
import { ApiError } from '@/requestConfig';
import { renderWithAntd } from '@/testing/render';
import { MESSAGES } from '@agler/contract/messages';
import RegisterPage from '.';
import { loadEnglish } from '@/testing/english';

const mockUserRegister = jest.fn();
jest.mock('@/services/agler/user', () => ({
  userRegister: (...args: unknown[]) => mockUserRegister(...args),
  getLoginUser: jest.fn(),
}));

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

beforeAll(() => startLanguage('en-US', loadEnglish));

describe('RegisterPage in English', () => {
  it('shows a taken account at the account field in English', async () => {
    mockUserRegister.mockRejectedValue(new ApiError({ code: 40000, message: MESSAGES.accountTaken }));
    renderWithAntd(<RegisterPage />);
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: 'user' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password-1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'password-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const error = await screen.findByText('This account is already registered');
    expect(error.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Account'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The brand and the other language's own name stay as they are; the form has no Chinese.
    expect(error.closest('form')?.textContent).not.toMatch(CJK);
  });
});
