"""One initialised session of the PyPI `mcp` client against `jasonrun mcp`, for the tests in this folder."""
import os
import pathlib

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

REPO = pathlib.Path(__file__).resolve().parents[3]


def parameters(jasonrun, state, *arguments, cwd=REPO):
    """A server started in `cwd` (the repository by default) with `arguments`, its state kept in `state`."""
    env = {**os.environ, "XDG_STATE_HOME": str(state)}
    return StdioServerParameters(command=jasonrun, args=["mcp", *arguments], cwd=str(cwd), env=env)


async def call(server, steps):
    """Runs `steps(client)` in one initialised session of the server `server` describes."""
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as client:
            await client.initialize()
            return await steps(client)
