# torch.utils: its submodules (torch.utils.data) are imported by name.
