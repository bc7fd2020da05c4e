import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { M } from '@recargas/contracts/mensajes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { TituloPanel } from '../../ui/TituloPanel.tsx';
import { CONSULTA_ACTUALIZACIONES, useActualizacion, useActualizaciones } from './api.ts';

/** /in/actualizaciones and /in/actualizaciones/:id: release notes list and detail. */
export function Actualizaciones() {
  const id = Number((useParams()['*'] ?? '').split('/')[1]);
  return Number.isInteger(id) && id > 0 ? <Detalle id={id} /> : <Lista />;
}

function Lista() {
  const { data } = useActualizaciones();
  return (
    <Paper sx={{ p: 2, maxWidth: 800 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {M.actualizaciones}
      </Typography>
      {data && data.actualizaciones.length === 0 && <Typography>{M.sinActualizaciones}</Typography>}
      <List data-testid="lista-actualizaciones">
        {data?.actualizaciones.map((a) => (
          <ListItem key={a.id} disablePadding divider>
            <ListItemButton component={Link} to={`/in/actualizaciones/${a.id}`}>
              <ListItemText primary={a.title} secondary={a.date} />
              {a.nuevo && <Chip label={M.nuevo} color="secondary" size="small" data-testid="nota-nueva" />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

function Detalle({ id }: { id: number }) {
  const consultas = useQueryClient();
  const { data, isSuccess } = useActualizacion(id);
  // Opening a note marks it read: the list and the menu badge are asked again.
  useEffect(() => {
    if (isSuccess) void consultas.invalidateQueries({ queryKey: CONSULTA_ACTUALIZACIONES.queryKey });
  }, [isSuccess, consultas]);
  return (
    <Paper component="article" sx={{ p: 2, maxWidth: 800 }}>
      <Button component={Link} to="/in/actualizaciones" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {M.volver}
      </Button>
      {data && (
        <Stack spacing={2}>
          <Box>
            <Typography variant="h5" component="h1">
              {data.tittle}
            </Typography>
            <Typography color="text.secondary">{data.date}</Typography>
          </Box>
          {data.descriptions.map((d) => (
            <Typography key={d}>{d}</Typography>
          ))}
          {data.sections.map((s) => (
            <Box component="section" key={s.tittle}>
              <TituloPanel>{s.tittle}</TituloPanel>
              <Stack spacing={1}>
                {s.children.map((c) => (
                  <Box key={c.description}>
                    <Typography>{c.description}</Typography>
                    {c.image && (
                      <Box
                        component="img"
                        src={c.image}
                        alt={s.tittle}
                        sx={{ maxWidth: '100%', mt: 1, borderRadius: 1 }}
                      />
                    )}
                  </Box>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
