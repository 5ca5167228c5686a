import { closeSnackbar, enqueueSnackbar } from 'notistack';
import { toast, toasterMounted, TOAST_SUCCESS_MS } from './toast';

jest.mock('notistack', () => ({ enqueueSnackbar: jest.fn(), closeSnackbar: jest.fn() }));

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toast', () => {
  it('waits for the provider, then keeps success 2 s, errors and info at the default, loading until dismissed', async () => {
    toast.success('ok');
    await settle();
    // Nothing reaches notistack before <Toaster/> has mounted its provider…
    expect(enqueueSnackbar).not.toHaveBeenCalled();
    toasterMounted();
    toast.error('bad');
    toast.info('fyi');
    const key = toast.loading('wait');
    toast.dismiss(key);
    await settle();
    // …and nothing asked for before is lost.
    expect(jest.mocked(enqueueSnackbar).mock.calls).toEqual([
      ['ok', { variant: 'success', autoHideDuration: TOAST_SUCCESS_MS, key: expect.any(String) }],
      ['bad', { variant: 'error', preventDuplicate: true, key: expect.any(String) }],
      ['fyi', { variant: 'info', key: expect.any(String) }],
      ['wait', { variant: 'default', persist: true, key }],
    ]);
    expect(closeSnackbar).toHaveBeenCalledWith(key);
  });
});
