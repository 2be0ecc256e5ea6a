import { useEffect, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { IDENTITY_MESSAGES, type Profile } from '@pondesk/contracts';
import { fieldErrorsOf, messageOf } from '../../../shared/ui/errors';
import { SubmitButton } from '../../../shared/ui/submit-button';
import { useToast } from '../../../shared/ui/toast';
import { useCompleteProfile, useSendOtp } from '../hooks';
import { formatCountdown, OTP_SECONDS, secondsLeft } from '../otp-countdown';

type Field = 'ispName' | 'contactNumber' | 'address' | 'otp';

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/**
 * Shown while the profile is not confirmed: ISP name, number, location and the OTP sent to the
 * number. The OTP countdown runs m:ss from 2:00; another OTP may be asked for after the cooldown.
 */
export function ProfileCompletionDialog({
  profile,
  open,
  onClose,
}: {
  profile: Profile;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const sendOtp = useSendOtp();
  const complete = useCompleteProfile();
  const [values, setValues] = useState<Record<Field, string>>({
    ispName: profile.ispName ?? '',
    contactNumber: profile.contactNumber ?? '',
    address: profile.address ?? '',
    otp: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const now = useNow(open && (expiresAt !== null || resendAt !== null));
  const expiresIn = secondsLeft(expiresAt, now);
  const resendIn = secondsLeft(resendAt, now);

  const set = (key: Field, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSendOtp = () => {
    const number = values.contactNumber.trim();
    if (!number) {
      setErrors((e) => ({ ...e, contactNumber: 'Please enter the number to send the OTP to' }));
      return;
    }
    sendOtp.mutate(number, {
      onSuccess: (res) => {
        const at = Date.now();
        setExpiresAt(at + (res.expiresInSeconds || OTP_SECONDS) * 1000);
        setResendAt(at + res.resendInSeconds * 1000);
        toast.success(IDENTITY_MESSAGES.otpSent);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.error(messageOf(error, 'Could not send the OTP. Please try again.'));
      },
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    complete.mutate(
      {
        ispName: values.ispName.trim(),
        contactNumber: values.contactNumber.trim(),
        address: values.address.trim(),
        otp: values.otp.trim(),
      },
      {
        onSuccess: () => {
          toast.success(IDENTITY_MESSAGES.profileCompleted);
          setValues({ ispName: '', contactNumber: '', address: '', otp: '' });
          setExpiresAt(null);
          setResendAt(null);
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          toast.error(messageOf(error, 'Could not update the profile. Please try again.'));
        },
      },
    );
  };

  const field = (key: Field) => ({
    name: key,
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
    error: !!errors[key],
    helperText: errors[key],
    fullWidth: true,
  });

  const sent = expiresAt !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="complete-profile-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="complete-profile-title">Complete your profile</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Confirm your ISP details. We send a one-time password to the number to check it is yours.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField label="ISP Name" {...field('ispName')} slotProps={{ htmlInput: { maxLength: 120 } }} />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Number"
                type="tel"
                placeholder="+8801700000000"
                {...field('contactNumber')}
                slotProps={{ htmlInput: { maxLength: 20 } }}
              />
              <Button
                variant="outlined"
                onClick={onSendOtp}
                disabled={sendOtp.isPending || resendIn > 0}
                sx={{ whiteSpace: 'nowrap', minWidth: 128, height: 56 }}
              >
                {resendIn > 0 ? `Resend in ${formatCountdown(resendIn)}` : sent ? 'Resend OTP' : 'Send OTP'}
              </Button>
            </Stack>
            <TextField label="Location" {...field('address')} slotProps={{ htmlInput: { maxLength: 255 } }} />
            <TextField
              label="OTP"
              {...field('otp')}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            {expiresIn > 0 && expiresIn <= OTP_SECONDS && (
              <Typography
                variant="body2"
                color="text.secondary"
                data-testid="otp-countdown"
                aria-live="polite"
              >
                OTP expires in {formatCountdown(expiresIn)}
              </Typography>
            )}
            {sent && expiresIn === 0 && (
              <Typography variant="body2" color="error">
                {IDENTITY_MESSAGES.otpExpired}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Later</Button>
          <SubmitButton loading={complete.isPending}>Update</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
