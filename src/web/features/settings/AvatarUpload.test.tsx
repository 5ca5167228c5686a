/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AVATAR_MAX_BYTES, AvatarUpload } from './AvatarUpload';
import { reader, renderSignedIn, stubObjectUrls } from './settingsTesting';

stubObjectUrls();

function Harness({ who = reader, onPick = jest.fn() }: { who?: typeof reader; onPick?: (file: File | null) => void }) {
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <AvatarUpload
      user={who}
      picture={picture}
      onPick={(file) => {
        onPick(file);
        setPicture(file);
      }}
      error={error}
      onError={setError}
    />
  );
}

const png = (bytes: number, name = 'me.png') => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const input = () => screen.getByLabelText('الصورة الشخصية');

describe('AvatarUpload', () => {
  it('shows the initials without a picture, takes image files only and gives the hint', async () => {
    await renderSignedIn(<Harness />);
    expect(screen.getByText('س\u200cق')).toBeInTheDocument();
    expect(input()).toHaveAttribute('accept', 'image/*');
    expect(input()).toHaveAccessibleDescription('JPG أو PNG، بحد أقصى 5 ميغابايت');
  });

  it('shows the current picture', async () => {
    await renderSignedIn(<Harness who={{ ...reader, profile_picture: '/media/avatars/1-a.webp' }} />);
    expect(screen.getByRole('img', { name: 'سارة القحطاني' })).toHaveAttribute('src', '/media/avatars/1-a.webp');
  });

  it('previews a chosen picture before it is saved, and can go back to the current one', async () => {
    const onPick = jest.fn();
    const { user } = await renderSignedIn(<Harness onPick={onPick} />);
    await user.upload(input(), png(100));
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'me.png' }));
    expect(screen.getByRole('img', { name: 'سارة القحطاني' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByText('اخترت صورة جديدة: احفظ التغييرات لاعتمادها')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إبقاء الصورة الحالية' }));
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('refuses a picture over 5 MB at once, saying so, and keeps the current one', async () => {
    const onPick = jest.fn();
    const { user } = await renderSignedIn(<Harness onPick={onPick} />);
    await user.upload(input(), png(AVATAR_MAX_BYTES + 1, 'huge.png'));
    expect(screen.getByRole('alert')).toHaveTextContent('يجب ألا يتجاوز حجم الصورة 5 ميغابايت');
    expect(onPick).not.toHaveBeenCalled();
    await user.upload(input(), png(AVATAR_MAX_BYTES));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image even if the picker let it through', async () => {
    const onPick = jest.fn();
    await renderSignedIn(<Harness onPick={onPick} />);
    // As a drop or a permissive picker would: the accept filter is only a hint.
    await userEvent.setup({ applyAccept: false }).upload(input(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('اختر ملف صورة (JPG أو PNG)');
    expect(onPick).not.toHaveBeenCalled();
  });
});
