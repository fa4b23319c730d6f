print("scenelink: not wired yet")
