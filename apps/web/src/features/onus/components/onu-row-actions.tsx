import { useState } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Stack, Tooltip } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import LayersClearIcon from '@mui/icons-material/LayersClear';
import type { OnuRow } from '@pondesk/contracts';
import { GetSignalButton } from './signal-read-button';

export type OnuAction = 'update' | 'delete' | 'reboot' | 'clear';

/**
 * Get inline; Update Data, Reboot, Delete and (with 2010) Clear in the row's menu. The Get result is
 * shown by the caller (in the RX cell), so this block keeps one width whatever the read returns.
 */
export function OnuRowActions({
  onu,
  canClear,
  onAction,
  reading,
  onGet,
}: {
  onu: OnuRow;
  canClear: boolean;
  onAction: (action: OnuAction, onu: OnuRow) => void;
  reading: boolean;
  onGet: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = onu.pppoeIds[0] ?? onu.ifName;
  const pick = (action: OnuAction) => {
    setAnchor(null);
    onAction(action, onu);
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
      <GetSignalButton label={label} pending={reading} onClick={onGet} />
      <Tooltip title="More actions">
        <IconButton
          size="small"
          aria-label={`Actions for ${label}`}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('update')}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Update Data</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick('reboot')} disabled={onu.status !== 'online'}>
          <ListItemIcon>
            <RestartAltIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Reboot</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => pick('delete')}>
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Delete</ListItemText>
        </MenuItem>
        {canClear && (
          <MenuItem onClick={() => pick('clear')}>
            <ListItemIcon>
              <LayersClearIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>Clear</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </Stack>
  );
}
