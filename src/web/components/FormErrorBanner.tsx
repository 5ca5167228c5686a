import Alert from '@mui/material/Alert';

/** A form's general failure (spec §8: the sign-in failure's red banner), announced when it appears. */
export function FormErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" variant="filled" role="alert">
      {message}
    </Alert>
  );
}
