import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A panel's heading: an h2 in MUI's h6 size, the one look every panel's title has. */
export const TituloPanel = ({ children }: { children: ReactNode }) => (
  <Typography variant="h6" component="h2" gutterBottom>
    {children}
  </Typography>
);
