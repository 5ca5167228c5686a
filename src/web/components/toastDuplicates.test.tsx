import { act, render, screen } from '@testing-library/react';
import { toast } from './toast';
import { Toaster } from './Toaster';

describe('error toasts', () => {
  it('show the same error once while it is on screen, and another error beside it', async () => {
    render(<Toaster />);
    await act(async () => {
      toast.error('حدث خطأ غير متوقع');
      toast.error('حدث خطأ غير متوقع');
      toast.error('انتهت مهلة الطلب');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findAllByText('حدث خطأ غير متوقع')).toHaveLength(1);
    expect(screen.getAllByText('انتهت مهلة الطلب')).toHaveLength(1);
  });
});
